#!/usr/bin/python3
"""Every key binding the app's code registers is in the shortcuts window.

usage: check-shortcuts.py SOURCE_ROOT

Reads the bindings from src/app/*.c as the code registers them
(gtk_widget_class_add_binding_action, gtk_application_set_accels_for_action
and tables of { "trigger", "action" } handed to a GtkShortcutController) and
the accelerators of ui/shortcuts.ui, grouped by the window's sections. A
binding must be listed, with its modifiers, in the section of its action's
view: design.* in Design, win.show-view in Views, the rest of win.* in Play,
lab.* in Lab, print.* in Print, app.* and window.close in General. The keys
the board handles itself (its key controller) are listed by hand and not
checked here.
"""
import glob
import os
import re
import sys
import xml.etree.ElementTree as ET

# keys that are the same key to a user, and bindings that only close a dialog
ALIASES = {"KP_Delete": "Delete", "KP_Enter": "Return", "ISO_Enter": "Return"}
NOT_LISTED = {("window.close", ("Escape", frozenset()))}   # the New Game dialog's Escape

MASKS = {"GDK_CONTROL_MASK": "Control", "GDK_SHIFT_MASK": "Shift", "GDK_ALT_MASK": "Alt"}


def normal(key, mods):
    """(key, modifiers) with the shifted letter folded into Shift+letter."""
    mods = set(mods)
    if len(key) == 1 and key.isalpha() and key.isupper():
        key = key.lower()
        mods.add("Shift")
    return (ALIASES.get(key, key), frozenset("Control" if m == "Primary" else m for m in mods))


def parse_accel(text):
    mods = re.findall(r"<(\w+)>", text)
    return normal(re.sub(r"<\w+>", "", text), mods)


def section_of(action):
    if action in ("window.close",) or action.startswith("app."):
        return "General"
    if action == "win.show-view":
        return "Views"
    prefix = action.split(".")[0]
    return {"design": "Design", "win": "Play", "lab": "Lab", "print": "Print"}.get(prefix, "?")


def code_bindings(root):
    found = []
    for path in sorted(glob.glob(os.path.join(root, "src", "app", "*.c"))):
        text = open(path, encoding="utf-8").read()
        name = os.path.relpath(path, root)
        views = re.search(r"view_names\[\]\s*=\s*\{([^}]*)\}", text)
        n_views = len(re.findall(r'"', views.group(1))) // 2 if views else 0
        for m in re.finditer(r"gtk_widget_class_add_binding_action\s*\(\s*\w+\s*,\s*GDK_KEY_(\w+)"
                             r"(\s*\+\s*i)?\s*,\s*([\w\s|]+?)\s*,\s*\"([\w.-]+)\"", text, re.S):
            key, loop, mask, action = m.groups()
            mods = [MASKS[x.strip()] for x in mask.split("|") if x.strip() in MASKS]
            keys = [str(int(key) + i) for i in range(n_views)] if loop else [key]
            for k in keys:
                found.append((name, action, normal(k, mods)))
        for m in re.finditer(r"set_accels_for_action\s*\([^,]+,\s*\"([\w.-]+)\"\s*,"
                             r"[^{]*\{([^}]*)\}", text, re.S):
            action, accels = m.groups()
            for a in re.findall(r'"([^"]+)"', accels):
                found.append((name, action, parse_accel(a)))
        for m in re.finditer(r'\{\s*"([^"]+)"\s*,\s*"((?:design|win|lab|print|app)\.[\w-]+)"\s*\}',
                             text):
            found.append((name, m.group(2), parse_accel(m.group(1))))
    return found


def window_shortcuts(root):
    listed = {}
    tree = ET.parse(os.path.join(root, "ui", "shortcuts.ui"))
    for group in tree.iter("object"):
        if group.get("class") != "GtkShortcutsGroup":
            continue
        title = next(p.text for p in group.findall("property") if p.get("name") == "title")
        accels = listed.setdefault(title, set())
        for shortcut in group.iter("object"):
            if shortcut.get("class") != "GtkShortcutsShortcut":
                continue
            for p in shortcut.findall("property"):
                if p.get("name") == "accelerator":
                    accels.update(parse_accel(a) for a in p.text.split())
    return listed


def main():
    root = sys.argv[1]
    bindings = code_bindings(root)
    listed = window_shortcuts(root)
    missing = []
    for name, action, accel in bindings:
        if (action, accel) in NOT_LISTED:
            continue
        section = section_of(action)
        if accel not in listed.get(section, set()):
            mods = "".join(f"<{m}>" for m in sorted(accel[1]))
            missing.append(f"{name}: {mods}{accel[0]} ({action}) is not in the shortcuts "
                           f"window's {section} section")
    for m in missing:
        print("not ok:", m)
    print(f"{len(bindings)} bindings checked, {len(missing)} missing from the shortcuts window")
    return 1 if missing or not bindings else 0


if __name__ == "__main__":
    sys.exit(main())
