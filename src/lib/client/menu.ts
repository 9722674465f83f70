/**
 * The phone header's menu: a disclosure button (WAI-ARIA APG "Disclosure (Show/Hide)" for navigation) that shows
 * the navigation as a panel under the header row. Escape closes it and hands focus back to the button; a click
 * outside the header, or focus moving out of it, closes it too. On wider screens CSS shows the navigation in the
 * row and hides the button, so the open state matters only where the button is visible.
 */
export function wireMenu(header: HTMLElement, button: HTMLButtonElement): void {
  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    header.toggleAttribute('data-menu-open', open);
  };
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';

  button.addEventListener('click', () => setOpen(!isOpen()));
  header.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !isOpen()) return;
    setOpen(false);
    button.focus();
  });
  header.addEventListener('focusout', (event) => {
    if (isOpen() && event.relatedTarget instanceof Node && !header.contains(event.relatedTarget)) setOpen(false);
  });
  document.addEventListener('click', (event) => {
    if (isOpen() && event.target instanceof Node && !header.contains(event.target)) setOpen(false);
  });
}
