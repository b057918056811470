import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { ChapterItem } from '@church/contract/bible/schemas';
import { renderAt } from '../../../test/render';
import { ChapterContent } from './chapter-content';

const content: ChapterItem[] = [
  { type: 'heading', content: ['The LORD Is My Shepherd'] },
  { type: 'hebrew_subtitle', content: ['A Psalm of David.'] },
  {
    type: 'verse',
    number: 1,
    content: [{ text: 'The LORD is my shepherd;', poem: 1 }, { noteId: 0 }, { lineBreak: true }, { text: 'I shall not want.', poem: 2 }],
  },
  { type: 'line_break' },
  { type: 'verse', number: 2, content: ['Jesus said,', { text: 'Follow Me.', wordsOfJesus: true }] },
];

describe('ChapterContent', () => {
  it('renders headings, subtitles, indented poem lines, words of Jesus and footnotes; a tap selects the verse', () => {
    const onSelect = vi.fn();
    renderAt(
      <ChapterContent
        content={content}
        footnotes={[{ noteId: 0, text: 'See Revelation 7:17.', reference: { chapter: 23, verse: 1 }, caller: '+' }]}
        selected={2}
        onSelect={onSelect}
      />,
    );
    expect(screen.getByRole('heading', { name: 'The LORD Is My Shepherd' })).toBeInTheDocument();
    expect(screen.getByText('A Psalm of David.')).toBeInTheDocument();
    const second = screen.getByText(/I shall not want\./);
    expect(second).toHaveStyle({ paddingLeft: '2.2em' });
    expect(screen.getByText('Follow Me.').className).toMatch(/jesus/);
    expect(screen.getByText(/See Revelation 7:17\./)).toBeInTheDocument();
    const verse1 = document.querySelector('[data-verse="1"]')!;
    fireEvent.click(verse1);
    expect(onSelect).toHaveBeenCalledWith(1);
    // The keyboard's way in: the verse number is a button that says whether the verse is selected.
    expect(screen.getByRole('button', { name: 'Verse 2' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Verse 1' }));
    expect(onSelect).toHaveBeenCalledTimes(2);
  });

  it('a footnote mark is a button that opens its note, without selecting the verse', async () => {
    const onSelect = vi.fn();
    renderAt(
      <ChapterContent
        content={content}
        footnotes={[{ noteId: 0, text: 'See Revelation 7:17.', reference: { chapter: 23, verse: 1 }, caller: '+' }]}
        onSelect={onSelect}
      />,
    );
    const mark = screen.getByRole('button', { name: 'Footnote 23:1' });
    expect(mark).toHaveTextContent('†');
    fireEvent.click(mark);
    expect(await screen.findByRole('dialog', { name: 'Footnote 23:1' })).toHaveTextContent('23:1 See Revelation 7:17.');
    expect(onSelect).not.toHaveBeenCalled();
  });
});
