import { Typography } from '@mantine/core';

/**
 * HTML the church wrote in the editor (Terms, privacy notice). The server
 * sanitised it before storing it and again before sending it (server/src/modules/settings/rich-text.ts):
 * only formatting tags and http(s)/mailto/tel links reach this point.
 */
export function RichText({ html, testId }: { html: string; testId?: string }) {
  return (
    <Typography>
      <div data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
