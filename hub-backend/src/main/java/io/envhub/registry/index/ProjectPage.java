package io.envhub.registry.index;

import java.util.List;

/**
 * What the index knows about one project of an owner.
 *
 * @param owner the owner's name as registered (canonical spelling)
 * @param name the PEP 503 normalized project name
 * @param isPublic whether anyone may read it (responses may then be cached by shared caches)
 * @param versions every version with files, oldest first (PEP 440 order)
 * @param files every file of every version, yanked ones included, in version order
 */
public record ProjectPage(String owner, String name, boolean isPublic, List<String> versions, List<IndexFile> files) {
}
