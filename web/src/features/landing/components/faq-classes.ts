/** Shared look of the FAQ, so the placeholder list and the accordion render identically. */
export const faqClasses = {
  root: 'mx-auto flex max-w-3xl flex-col gap-3',
  item: 'overflow-hidden rounded-xl border border-border bg-card',
  header: 'm-0',
  trigger:
    'group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
  chevron: 'h-5 w-5 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180',
  content: 'px-5 pb-5 text-muted-foreground',
} as const;
