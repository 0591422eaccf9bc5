/**
 * Lets another section open an FAQ item (How it works step 1 -> "Which photos work best?"): the item is a native
 * <details> (faq-section.tsx), opened in place, so this works the same on the prerendered page and in the SPA.
 */
export function requestOpenFaq(itemId: string): void {
  const item = document.getElementById(`faq-${itemId}`);
  if (item instanceof HTMLDetailsElement) item.open = true;
}
