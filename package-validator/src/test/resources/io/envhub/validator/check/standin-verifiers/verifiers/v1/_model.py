"""A tiny pydantic-like model (class annotations with defaults, keyword construction, model_dump, frozen option)."""
import copy
import json


class _Field:
    def __init__(self, default=None, default_factory=None):
        self.default = default
        self.default_factory = default_factory

    def make(self):
        return self.default_factory() if self.default_factory is not None else copy.deepcopy(self.default)


_REQUIRED = object()


def Field(default=None, default_factory=None):
    return _Field(default, default_factory)


class Model:
    _frozen = False
    model_fields = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        fields = {}
        for klass in reversed(cls.__mro__):
            for name in getattr(klass, "__annotations__", {}):
                if name.startswith("_") or name == "model_fields":
                    continue
                value = klass.__dict__.get(name, _REQUIRED)
                if isinstance(value, _Field):
                    fields[name] = value
                else:
                    fields[name] = _Field(value)
        cls.model_fields = fields

    def __init__(self, **kwargs):
        for name, field in type(self).model_fields.items():
            if name in kwargs:
                value = kwargs.pop(name)
            elif field.default is _REQUIRED and field.default_factory is None:
                raise TypeError("%s: field %r is required" % (type(self).__name__, name))
            else:
                value = field.make()
            object.__setattr__(self, name, value)
        if kwargs:
            raise TypeError("%s: unknown fields %s" % (type(self).__name__, sorted(kwargs)))

    def __setattr__(self, name, value):
        if self._frozen:
            raise TypeError("%s is frozen" % type(self).__name__)
        object.__setattr__(self, name, value)

    def model_dump(self, mode="python", exclude_none=False, exclude_defaults=False):
        out = {}
        for name, field in type(self).model_fields.items():
            value = getattr(self, name)
            if exclude_none and value is None:
                continue
            if exclude_defaults and field.default is not _REQUIRED and value == field.make():
                continue
            out[name] = _plain(value, mode)
        return out

    def model_copy(self, update=None):
        data = {name: getattr(self, name) for name in type(self).model_fields}
        data.update(update or {})
        return type(self)(**data)

    def __eq__(self, other):
        return type(self) is type(other) and self.model_dump() == other.model_dump()

    def __hash__(self):
        return hash(json.dumps(self.model_dump(mode="json"), sort_keys=True, default=str))

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__, ", ".join("%s=%r" % kv for kv in self.model_dump().items()))


def _plain(value, mode):
    if isinstance(value, Model):
        return value.model_dump(mode=mode)
    if isinstance(value, (list, tuple)):
        return [_plain(v, mode) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v, mode) for k, v in value.items()}
    return value
