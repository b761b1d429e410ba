#!/usr/bin/python3
"""The Flatpak manifest parses, targets a GNOME runtime, pins every source, and
names exactly the libraries the build uses.

usage: check-flatpak.py SOURCE_ROOT

Every dependency('NAME') of the meson.build files must be either in the GNOME
runtime (IN_RUNTIME below) or built by a module of the manifest (MODULES);
the manifest may build no other module, and neither list may name a library
no meson.build declares. A module's archive or file sources carry a sha256
and its git sources a commit. The app's own module builds the checkout: a
git source of path ".." on branch HEAD (flatpak/README.md says why).
"""
import json
import os
import re
import sys

MANIFEST = os.path.join("flatpak", "io.github.tilewright.Tilewright.json")
APP_MODULE = "tilewright"

# What org.gnome.Platform provides, with its own freedesktop base (GLib, GTK,
# libadwaita, GtkSourceView, json-glib, cairo, Pango, gdk-pixbuf, librsvg and
# libpng are all in the GNOME runtime); "threads" is meson's name for the C
# library's threads, not a library of its own.
IN_RUNTIME = {
    "glib-2.0", "gio-2.0", "json-glib-1.0", "gtk4", "libadwaita-1", "gtksourceview-5",
    "cairo", "pangocairo", "gdk-pixbuf-2.0", "librsvg-2.0", "libpng", "threads",
}
# What the GNOME runtime lacks, and the manifest module that builds it.
MODULES = {"yaml-0.1": "libyaml"}
# GNOME runtimes supported on 2026-11-28 start with 50 (47 to 49 are past
# their end of life).
OLDEST_SUPPORTED = 50

DEPENDENCY = re.compile(r"\bdependency\(\s*'([^']+)'")


def declared_dependencies(root):
    """{name: first meson.build that declares it} over the source tree."""
    found = {}
    for top, dirs, files in os.walk(root):
        # not .git or .flatpak-builder (its checkouts), subprojects or a build
        # folder (meson-private marks one)
        dirs[:] = sorted(d for d in dirs
                         if not d.startswith(".") and d != "subprojects"
                         and not os.path.isdir(os.path.join(top, d, "meson-private")))
        if "meson.build" in files:
            path = os.path.join(top, "meson.build")
            text = open(path, encoding="utf-8").read()
            text = re.sub(r"#.*", "", text)   # a name in a comment is not a dependency
            for name in DEPENDENCY.findall(text):
                found.setdefault(name, os.path.relpath(path, root))
    return found


def check_source(module, source, problems):
    kind = source.get("type")
    where = f"module {module}: {kind} source {source.get('url') or source.get('path')}"
    if module == APP_MODULE:
        if kind != "git" or source.get("path") != ".." or source.get("branch") != "HEAD":
            problems.append(f"{where}: the app builds the checkout's commit: "
                            '{"type": "git", "path": "..", "branch": "HEAD"}')
    elif kind in ("archive", "file"):
        if not re.fullmatch(r"[0-9a-f]{64}", source.get("sha256", "")):
            problems.append(f"{where} has no sha256")
    elif kind == "git":
        if not re.fullmatch(r"[0-9a-f]{40}", source.get("commit", "")):
            problems.append(f"{where} has no commit")
    else:
        problems.append(f"{where}: only archive, file and git sources can be pinned")


def main():
    root = sys.argv[1]
    problems = []
    try:
        with open(os.path.join(root, MANIFEST), encoding="utf-8") as f:
            manifest = json.load(f)
    except (OSError, ValueError) as e:
        print(f"not ok: {MANIFEST} does not parse: {e}")
        return 1

    version = manifest.get("runtime-version", "")
    if (manifest.get("runtime") != "org.gnome.Platform" or manifest.get("sdk") != "org.gnome.Sdk"
            or not version.isdigit() or int(version) < OLDEST_SUPPORTED):
        problems.append(f"the runtime is {manifest.get('runtime')} {version!r} with "
                        f"{manifest.get('sdk')}: org.gnome.Platform and org.gnome.Sdk "
                        f"{OLDEST_SUPPORTED} or later are supported")

    modules = {}
    for module in manifest.get("modules", []):
        if not isinstance(module, dict):
            problems.append(f"module {module!r}: write modules inline, so that they are checked")
            continue
        modules[module.get("name")] = module
        for source in module.get("sources", []):
            check_source(module.get("name"), source, problems)
    if APP_MODULE not in modules:
        problems.append(f"no module {APP_MODULE}")

    declared = declared_dependencies(root)
    for name, path in sorted(declared.items()):
        if name in IN_RUNTIME:
            continue
        if name not in MODULES:
            problems.append(f"{path} declares {name}, which is neither in the GNOME runtime "
                            "nor built by a module of the manifest (add one, or list it in "
                            "IN_RUNTIME)")
        elif MODULES[name] not in modules:
            problems.append(f"{path} declares {name}: the manifest lacks its module "
                            f"{MODULES[name]}")
    for name in sorted(IN_RUNTIME | set(MODULES)):
        if name not in declared:
            problems.append(f"{name} is listed here, but no meson.build declares it")
    for name in sorted(modules):
        if name != APP_MODULE and name not in MODULES.values():
            problems.append(f"the manifest builds {name}, which no dependency of the build needs")

    for problem in problems:
        print("not ok:", problem)
    print(f"{len(declared)} dependencies, {len(modules)} modules checked, "
          f"{len(problems)} problems")
    return 1 if problems or not declared else 0


if __name__ == "__main__":
    sys.exit(main())
