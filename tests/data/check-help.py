#!/usr/bin/python3
"""The user help (help/C/*.page) is valid Mallard and says what the app does.

usage: check-help.py SOURCE_ROOT YELP_CHECK

- every page validates against the Mallard schema (yelp-check validate
  --strict), every xref names a page and section that exist (yelp-check
  links), page ids match their file names (yelp-check ids) and every page is
  reached from the index (yelp-check orphans);
- help/meson.build installs exactly the pages there are;
- F1 opens help:ID/VIEW (src/app/tw-application.c): the help's id is the one
  gnome.yelp() installs, and each view of src/app/tw-window.c's view_names
  has a page of that id;
- the keyboard shortcuts page lists, section by section, exactly the keys of
  the shortcuts window (ui/shortcuts.ui): its General and Views groups in the
  page's "general" section, each view's group in the section of its name.
"""
import importlib.util
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

# the shortcuts window as check-shortcuts.py reads it
_spec = importlib.util.spec_from_file_location(
    "check_shortcuts", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                    "check-shortcuts.py"))
check_shortcuts = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check_shortcuts)

MAL = "{http://projectmallard.org/1.0/}"

# how the help writes a key (<key>…</key>) and how GTK names it
PAGE_KEYS = {"Ctrl": "Control", "?": "question", "+": "plus", "-": "minus",
             "↑": "Up", "↓": "Down", "←": "Left", "→": "Right",
             "Enter": "Return", "Esc": "Escape", "Page Down": "Page_Down",
             "Page Up": "Page_Up"}


def yelp_check(tool, command, pages, problems):
    """Runs `yelp-check COMMAND PAGES`; anything it prints is a problem."""
    args = [tool, command] + (["--strict"] if command == "validate" else []) + pages
    result = subprocess.run(args, capture_output=True, text=True)
    output = (result.stdout + result.stderr).strip()
    if result.returncode != 0 or output:
        problems.append(f"yelp-check {command} (exit {result.returncode}):\n{output}")


def installed_pages(root):
    text = open(os.path.join(root, "help", "meson.build"), encoding="utf-8").read()
    listed = re.search(r"help_pages\s*=\s*\[(.*?)\]", text, re.S)
    help_id = re.search(r"gnome\.yelp\(\s*'([^']+)'", text)
    return (re.findall(r"'([^']+\.page)'", listed.group(1)) if listed else [],
            help_id.group(1) if help_id else None)


def page_ids(pages):
    return {ET.parse(p).getroot().get("id"): p for p in pages}


def view_names(root):
    text = open(os.path.join(root, "src", "app", "tw-window.c"), encoding="utf-8").read()
    views = re.search(r"view_names\[\]\s*=\s*\{([^}]*)\}", text)
    return re.findall(r'"([^"]+)"', views.group(1)) if views else []


def page_key(key, mods):
    """A key as the help writes it (<key>R</key>: the key R, not Shift+R) in
    check-shortcuts.py's form."""
    key = PAGE_KEYS.get(key, key)
    if len(key) == 1 and key.isalpha():
        key = key.lower()
    return check_shortcuts.normal(key, [PAGE_KEYS.get(m, m) for m in mods])


def window_keys(root):
    """{section of the shortcuts page: {(key, modifiers)}} of ui/shortcuts.ui."""
    sections = {}
    for title, keys in check_shortcuts.window_shortcuts(root).items():
        section = "general" if title in ("General", "Views") else title.lower()
        sections.setdefault(section, set()).update(keys)
    return sections


def page_keys(path):
    """{section id: {(key, modifiers)}} of the shortcuts page: each <keyseq>
    is one shortcut, each <key> outside one a shortcut of its own."""
    sections = {}
    for section in ET.parse(path).getroot().iter(MAL + "section"):
        keys = sections.setdefault(section.get("id"), set())
        inner = set()
        for seq in section.iter(MAL + "keyseq"):
            names = [k.text for k in seq.iter(MAL + "key")]
            inner.update(seq.iter(MAL + "key"))
            keys.add(page_key(names[-1], names[:-1]))
        for key in section.iter(MAL + "key"):
            if key not in inner:
                keys.add(page_key(key.text, []))
    return sections


def describe(keys):
    return ", ".join(sorted("+".join(sorted(m) + [k]) for k, m in keys))


def main():
    root, tool = sys.argv[1], sys.argv[2]
    helpdir = os.path.join(root, "help", "C")
    pages = sorted(os.path.join(helpdir, f) for f in os.listdir(helpdir) if f.endswith(".page"))
    problems = []

    for command in ("validate", "links", "ids", "orphans"):
        yelp_check(tool, command, pages, problems)

    listed, help_id = installed_pages(root)
    on_disk = sorted(os.path.basename(p) for p in pages)
    if sorted(listed) != on_disk:
        problems.append(f"help/meson.build installs {sorted(listed)}, help/C has {on_disk}")

    ids = page_ids(pages)
    app = open(os.path.join(root, "src", "app", "tw-application.c"), encoding="utf-8").read()
    if help_id is None or f'"help:{help_id}"' not in app or f'"help:{help_id}/"' not in app:
        problems.append(f"src/app/tw-application.c does not open help:{help_id} and "
                        f"help:{help_id}/VIEW, which help/meson.build installs")
    views = view_names(root)
    if not views:
        problems.append("no view_names in src/app/tw-window.c")
    for view in views:
        if view not in ids:
            problems.append(f"F1 in the {view} view opens help:{help_id}/{view}, "
                            f"but no page has the id '{view}'")

    shortcuts = ids.get("shortcuts")
    if shortcuts is None:
        problems.append("no page with the id 'shortcuts'")
    else:
        window, page = window_keys(root), page_keys(shortcuts)
        for section in sorted(set(window) | set(page)):
            missing = window.get(section, set()) - page.get(section, set())
            extra = page.get(section, set()) - window.get(section, set())
            if missing:
                problems.append(f"{os.path.basename(shortcuts)}, section '{section}', "
                                f"lacks what the shortcuts window lists: {describe(missing)}")
            if extra:
                problems.append(f"{os.path.basename(shortcuts)}, section '{section}', "
                                f"lists what the shortcuts window does not: {describe(extra)}")

    for problem in problems:
        print("not ok:", problem)
    print(f"{len(pages)} help pages checked, {len(problems)} problems")
    return 1 if problems or not pages else 0


if __name__ == "__main__":
    sys.exit(main())
