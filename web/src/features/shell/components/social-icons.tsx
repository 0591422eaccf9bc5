import type { SocialNetwork } from '../../../lib/site-config';

const common = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
};

/** Small outline marks for the footer's social links (lucide has no brand icons). */
export function SocialIcon({ network, className = 'h-5 w-5' }: { network: SocialNetwork; className?: string }) {
  switch (network) {
    case 'Instagram':
      return (
        <svg {...common} className={className}>
          <rect x="3" y="3" width="18" height="18" rx="5" />
          <circle cx="12" cy="12" r="4" />
          <circle cx="17.5" cy="6.5" r="0.5" fill="currentColor" />
        </svg>
      );
    case 'TikTok':
      return (
        <svg {...common} className={className}>
          <path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5" />
          <path d="M14 3c.5 2.8 2.3 4.5 5 4.8" />
        </svg>
      );
    case 'Pinterest':
      return (
        <svg {...common} className={className}>
          <circle cx="12" cy="12" r="9" />
          <path d="M11 8.5c2.8-.9 5 .6 4.6 3-.4 2.3-2.6 3.4-4.2 2.3" />
          <path d="M11.6 9.5 9.5 20" />
        </svg>
      );
  }
}
