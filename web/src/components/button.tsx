import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '../lib/cn';

const base =
  'items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-semibold transition-colors ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background ' +
  'disabled:pointer-events-none disabled:opacity-60 [&_svg]:shrink-0';

const variants = {
  default: 'bg-primary text-primary-foreground hover:bg-primary-hover shadow-sm',
  secondary: 'bg-muted text-foreground hover:bg-border',
  outline: 'border border-input bg-background text-foreground hover:bg-muted',
  ghost: 'text-foreground hover:bg-muted',
  destructive: 'bg-destructive text-destructive-foreground hover:opacity-90',
  /** White button on a primary-coloured band. */
  inverse: 'bg-white text-violet-900 hover:bg-violet-50 shadow-sm',
  link: 'text-brand underline-offset-4 hover:underline',
} as const;

const sizes = {
  default: 'h-10 px-4 py-2',
  sm: 'h-9 px-3',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export interface ButtonClassOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Display utility, e.g. 'hidden sm:inline-flex' to show the button from a breakpoint on. */
  display?: string;
  /** Extra classes that do not conflict with the variant (margins, width, alignment). */
  className?: string;
}

/** The button look, for <button> and for links styled as buttons. */
export function buttonClasses(opts: ButtonClassOptions = {}): string {
  const variant = opts.variant ?? 'default';
  return cn(
    opts.display ?? 'inline-flex',
    base,
    variants[variant],
    variant === 'link' ? 'h-auto p-0' : sizes[opts.size ?? 'default'],
    opts.className,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  display?: string;
}

/** A button. For a link that looks like a button use <Link className={buttonClasses(...)}>. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { className, variant, size, display, type, ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type ?? 'button'}
      className={buttonClasses({ variant, size, display, className })}
      {...props}
    />
  );
});
