import ReactMarkdown, { defaultUrlTransform } from 'react-markdown';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import { cn } from '../lib/cn';

/**
 * Markdown as shown in the interface (spec 01 sections 4 and 5): raw HTML is allowed through (rehype-raw),
 * then sanitized (rehype-sanitize, GitHub's schema: no <script>, no on* handlers, no javascript: URLs;
 * common formatting, images and links kept). URLs then go through react-markdown's default transform:
 * schemes other than http, https, irc, ircs, mailto and xmpp become "", relative addresses (and those whose
 * colon follows a "/", "?" or "#") are kept. Load it lazily (markdown-lazy.tsx): it is a sizeable chunk.
 */
export const markdownSanitizeSchema = defaultSchema;

const prose = cn(
  'max-w-none break-words text-sm leading-relaxed text-foreground',
  '[&_p]:my-3 [&_h1]:mb-3 [&_h1]:mt-5 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mb-2 [&_h2]:mt-5 [&_h2]:text-xl [&_h2]:font-semibold',
  '[&_h3]:mb-2 [&_h3]:mt-4 [&_h3]:text-lg [&_h3]:font-semibold [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_a]:font-medium [&_a]:text-brand [&_a]:underline [&_a]:underline-offset-2 [&_img]:my-3 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_blockquote]:my-3 [&_blockquote]:border-l-4 [&_blockquote]:border-border [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-[0.9em] [&_pre]:my-3 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-3',
  '[&_table]:my-3 [&_table]:w-full [&_td]:border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:px-2 [&_th]:py-1 [&_hr]:my-5',
);

export interface MarkdownProps {
  children: string | null | undefined;
  className?: string;
}

export default function Markdown({ children, className }: MarkdownProps) {
  return (
    <div className={cn(prose, className)}>
      <ReactMarkdown
        rehypePlugins={[rehypeRaw, [rehypeSanitize, markdownSanitizeSchema]]}
        urlTransform={defaultUrlTransform}
      >
        {children ?? ''}
      </ReactMarkdown>
    </div>
  );
}

export { Markdown };
