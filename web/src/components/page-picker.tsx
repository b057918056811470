import { Pagination, type PaginationProps } from '@mantine/core';

const CONTROL_LABELS: Record<string, string> = { previous: 'Previous page', next: 'Next page', first: 'First page', last: 'Last page' };

/**
 * Mantine's Pagination with names a screen reader can say: its arrow buttons hold only an icon, so
 * without these axe reports them (button-name) and a blind treasurer hears "button". Every list uses this.
 */
export function PagePicker(props: PaginationProps) {
  return (
    <Pagination
      getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] ?? control })}
      getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
      {...props}
    />
  );
}
