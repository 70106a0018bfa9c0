// EnvHub progressive enhancement: copy buttons. Every page reads fully without this file.
document.querySelectorAll("button.copy[data-copy]").forEach(function (button) {
  var target = document.getElementById(button.getAttribute("data-copy"));
  if (!target || !navigator.clipboard) { return; }
  button.hidden = false;
  button.addEventListener("click", function () {
    navigator.clipboard.writeText((target.value !== undefined ? target.value : target.textContent).trim()).then(function () {
      button.textContent = "Copied";
      setTimeout(function () { button.textContent = "Copy"; }, 1500);
    });
  });
});
