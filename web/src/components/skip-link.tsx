import classes from './skip-link.module.css';
import { useT } from '../lib/i18n/use-t';

/**
 * WCAG 2.4.1: the first Tab stop on every page jumps past the header and
 * navigation to the page's <main> (each layout has exactly one). The target
 * is found when used, so no layout has to carry an agreed id.
 */
export function SkipLink() {
  const t = useT();
  return (
    <a
      href="#main"
      className={classes.skip}
      onClick={(e) => {
        const main = document.querySelector('main');
        if (!main) return;
        e.preventDefault();
        if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
        main.focus();
        main.scrollIntoView({ block: 'start' });
      }}
    >
      {t('common.skipToContent')}
    </a>
  );
}
