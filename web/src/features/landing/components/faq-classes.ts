/** The look of the FAQ's <details> items (faq-section.tsx). */
export const faqClasses = {
  root: 'mx-auto flex max-w-3xl flex-col gap-3',
  item: 'group overflow-hidden rounded-xl border border-border bg-card',
  header: 'm-0 text-base font-semibold',
  trigger:
    'flex w-full cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-semibold hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring [&::-webkit-details-marker]:hidden',
  chevron: 'h-5 w-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180',
  content: 'px-5 pb-5 text-muted-foreground',
} as const;
