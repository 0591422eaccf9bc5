import Moon from 'lucide-react/icons/moon';
import Sun from 'lucide-react/icons/sun';
import { useTheme } from '../../../lib/theme';
import { Button } from '../../../components/button';
import { Hint } from '../../../components/hint';

/** Light/dark switch; the choice is stored in localStorage "theme" (default light). */
export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const dark = theme === 'dark';
  return (
    <Hint content={dark ? 'Switch to light mode' : 'Switch to dark mode'}>
      <Button
        variant="ghost"
        size="icon"
        onClick={() => toggleTheme()}
        aria-label="Dark mode"
        aria-pressed={dark}
        data-testid="theme-toggle"
      >
        {/* Both icons, shown by the class on <html>: right from the first paint on a page prerendered at build time
            (which cannot know the stored theme), and in the SPA alike. */}
        <Sun className="hidden h-5 w-5 dark:block" aria-hidden="true" />
        <Moon className="h-5 w-5 dark:hidden" aria-hidden="true" />
      </Button>
    </Hint>
  );
}
