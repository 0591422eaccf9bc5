/** Lets another section open an FAQ item (How it works step 1 -> "Which photos work best?"). */
const EVENT = 'landing:open-faq';

export function requestOpenFaq(itemId: string): void {
  window.dispatchEvent(new CustomEvent<string>(EVENT, { detail: itemId }));
}

export function onOpenFaqRequest(cb: (itemId: string) => void): () => void {
  const handler = (e: Event) => {
    if (e instanceof CustomEvent && typeof e.detail === 'string') cb(e.detail);
  };
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}
