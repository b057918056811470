import { describe, expect, it } from 'vitest';
import { parseUsfm, UsfmError } from './usfm-parser';

const book = (body: string) => `\\id TST - test\n\\h Test Book\n\\toc1 The Book of Testing\n\\mt1 Testing\n${body}`;

describe('parseUsfm', () => {
  it('reads headings, prose, poetry, words of Jesus, footnotes and blank lines', () => {
    const parsed = parseUsfm(
      book(`\\c 1
\\s1 A Heading
\\r (Elsewhere 1:1)
\\p
\\v 1 In the \\add first\\add* days.\\f + \\fr 1:1 \\ft Or \\fq beginning\\f* He spoke,
\\wj “Follow Me.”\\wj*
\\b
\\q1
\\v 2 A line of song;\\x - \\xo 1:2 \\xt Ps 1:1\\x*
\\q2 and its answer.
\\s1 Mid-verse heading
\\m and the verse goes on.
\\v 3 \\w Word|strong="H1"\\w* end.`),
    );
    expect(parsed).toMatchObject({ id: 'TST', name: 'Test Book', title: 'Testing' });
    const [chapter] = parsed.chapters;
    expect(chapter!.content).toEqual([
      { type: 'heading', content: ['A Heading'] },
      {
        type: 'verse',
        number: 1,
        content: ['In the', 'first', 'days.', { noteId: 0 }, 'He spoke,', { text: '“Follow Me.”', wordsOfJesus: true }],
      },
      { type: 'line_break' },
      {
        type: 'verse',
        number: 2,
        content: [{ text: 'A line of song;', poem: 1 }, { lineBreak: true }, { text: 'and its answer.', poem: 2 }],
      },
      { type: 'heading', content: ['Mid-verse heading'] },
      { type: 'verse', number: 2, content: ['and the verse goes on.'] },
      { type: 'verse', number: 3, content: ['Word', 'end.'] },
    ]);
    expect(chapter!.footnotes).toEqual([{ noteId: 0, text: 'Or beginning', reference: { chapter: 1, verse: 1 }, caller: '+' }]);
    expect(chapter!.verses).toEqual([
      { number: 1, text: 'In the first days. He spoke, “Follow Me.”' },
      { number: 2, text: 'A line of song; and its answer. and the verse goes on.' },
      { number: 3, text: 'Word end.' },
    ]);
  });

  it('keeps a Hebrew subtitle apart from the verses', () => {
    const [c] = parseUsfm(book('\\c 3\n\\d A Psalm of David.\n\\q1\n\\v 1 O LORD,')).chapters;
    expect(c!.content).toEqual([
      { type: 'hebrew_subtitle', content: ['A Psalm of David.'] },
      { type: 'verse', number: 1, content: [{ text: 'O LORD,', poem: 1 }] },
    ]);
  });

  it('refuses files that are not USFM books', () => {
    expect(() => parseUsfm('just text', 'a.txt')).toThrow(UsfmError);
    expect(() => parseUsfm('\\id GEN\n\\h Genesis', 'gen.usfm')).toThrow('gen.usfm: no chapters found');
    expect(() => parseUsfm('\\id GEN\n\\v 1 text', 'gen.usfm')).toThrow('verse 1 comes before any chapter');
  });
});
