/** Where the keyboard is: in a dialog, in a field. Shared by the hotkeys and the key gate. */

/** A modal, dialog or popover is open (Mantine renders them with role="dialog"). */
export function dialogOpen(doc: Document = document): boolean {
  return !!doc.querySelector('[role="dialog"], [role="alertdialog"], [aria-modal="true"]');
}

/** The keyboard belongs to a field: input, textarea, select or contenteditable. */
export function typingTarget(el: Element | null): boolean {
  if (!el) return false;
  const h = el as HTMLElement;
  return h.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(h.tagName);
}
