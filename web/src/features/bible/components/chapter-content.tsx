import { Box, List, Popover, Text, Title } from '@mantine/core';
import { Fragment, useState, type ReactNode } from 'react';
import type { ChapterItem, Footnote, VerseContent } from '@church/contract/bible/schemas';
import { useT } from '../../../lib/i18n/use-t';
import classes from './chapter-content.module.css';

type VerseItem = Extract<ChapterItem, { type: 'verse' }>;

/**
 * A chapter as the Free Use Bible API gives it: headings, Hebrew subtitles,
 * verses with poetry indentation, line breaks, words of Jesus in red and
 * footnote marks that open their note. Tapping a verse selects it; for the
 * keyboard, the verse number is the button (a verse-wide button could not hold
 * the footnote buttons: controls inside controls are unreachable to screen readers).
 */
export function ChapterContent({
  content,
  footnotes,
  selected,
  onSelect,
}: {
  content: ChapterItem[];
  footnotes: Footnote[];
  selected?: number | null;
  onSelect?: (verse: number) => void;
}) {
  const t = useT();
  const notes = new Map(footnotes.map((f) => [f.noteId, f]));
  const blocks: ReactNode[] = [];
  let run: ReactNode[] = [];
  const flush = () => {
    if (run.length)
      blocks.push(
        <div key={`run-${blocks.length}`} className={classes.text}>
          {run}
        </div>,
      );
    run = [];
  };
  content.forEach((item, i) => {
    if (item.type === 'heading') {
      flush();
      blocks.push(
        <Title key={i} order={4} c="navy.8" mt={blocks.length ? 'md' : 0} mb={4}>
          {item.content.join(' ')}
        </Title>,
      );
    } else if (item.type === 'hebrew_subtitle') {
      flush();
      blocks.push(
        <Text key={i} fs="italic" c="dimmed" size="sm" mb={4}>
          {item.content.map((c) => (typeof c === 'string' ? c : 'text' in c ? c.text : '')).join(' ')}
        </Text>,
      );
    } else if (item.type === 'line_break') {
      run.push(<span key={i} className={classes.gap} aria-hidden />);
    } else {
      run.push(<Verse key={i} item={item} notes={notes} selected={selected === item.number} onSelect={onSelect} />);
    }
  });
  flush();
  return (
    <Box>
      {blocks}
      {footnotes.length > 0 && (
        <Box mt="lg" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>
            {t('bible.footnotes')}
          </Text>
          <List size="xs" c="dimmed" spacing={2} listStyleType="none">
            {footnotes.map((f) => (
              <List.Item key={f.noteId}>
                {f.reference.chapter}:{f.reference.verse ?? ''} {f.text}
              </List.Item>
            ))}
          </List>
        </Box>
      )}
    </Box>
  );
}

interface Line {
  poem: number;
  parts: ReactNode[];
  hasText: boolean;
}

/** Splits a verse into lines: at explicit line breaks, and where a new poem line begins. */
function toLines(content: VerseContent[], notes: Map<number, Footnote>): Line[] {
  const lines: Line[] = [{ poem: 0, parts: [], hasText: false }];
  const current = () => lines[lines.length - 1]!;
  const newLine = () => {
    if (current().parts.length) lines.push({ poem: 0, parts: [], hasText: false });
  };
  content.forEach((c, i) => {
    if (typeof c === 'string') {
      current().parts.push(<Fragment key={i}>{c} </Fragment>);
      current().hasText = true;
    } else if ('lineBreak' in c) {
      newLine();
    } else if ('noteId' in c) {
      const note = notes.get(c.noteId);
      if (note) {
        current().parts.push(
          <Fragment key={i}>
            <FootnoteMark note={note} />{' '}
          </Fragment>,
        );
      }
    } else if ('heading' in c) {
      newLine();
      current().parts.push(<strong key={i}>{c.heading}</strong>);
      newLine();
    } else {
      // The service may send consecutive poem lines without a break between them.
      if (c.poem && current().hasText) newLine();
      if (c.poem) current().poem = c.poem;
      current().parts.push(<Fragment key={i}>{c.wordsOfJesus ? <span className={classes.jesus}>{c.text}</span> : c.text} </Fragment>);
      current().hasText = true;
    }
  });
  return lines.filter((l) => l.parts.length);
}

function Verse({
  item,
  notes,
  selected,
  onSelect,
}: {
  item: VerseItem;
  notes: Map<number, Footnote>;
  selected: boolean;
  onSelect?: (n: number) => void;
}) {
  const t = useT();
  const lines = toLines(item.content, notes);
  const number = (
    // A native button: Enter and Space click it, and the click reaches the verse's own handler.
    <button key="n" type="button" className={classes.number} aria-label={t('bible.verseN', { n: item.number })} aria-pressed={selected}>
      {item.number}
    </button>
  );
  const rendered = lines.length ? lines : [{ poem: 0, parts: [], hasText: false }];
  return (
    <span
      className={`${classes.verse} ${selected ? classes.selected : ''}`}
      data-verse={item.number}
      data-selected={selected || undefined}
      onClick={() => onSelect?.(item.number)}
    >
      {rendered.map((line, i) => {
        const body = (
          <>
            {i === 0 && number}
            {line.parts}
          </>
        );
        // Poetry lines are blocks indented by level; prose lines flow, broken where the text breaks.
        if (line.poem) {
          return (
            <span key={i} className={classes.poem} style={{ paddingLeft: `${line.poem * 1.1}em` }}>
              {body}
            </span>
          );
        }
        return (
          <Fragment key={i}>
            {i > 0 && !rendered[i - 1]!.poem && <br />}
            {body}
          </Fragment>
        );
      })}
    </span>
  );
}

/** A footnote mark: a button that opens its note beside the text (and closes on Escape or a tap elsewhere). */
function FootnoteMark({ note }: { note: Footnote }) {
  const t = useT();
  const caller = note.caller && note.caller !== '+' ? note.caller : '†';
  const where = `${note.reference.chapter}${note.reference.verse ? `:${note.reference.verse}` : ''}`;
  // Controlled, so Escape closes it while focus stays on the mark (Mantine listens for it inside the note only).
  const [opened, setOpened] = useState(false);
  return (
    <Popover width={280} position="top" withArrow shadow="md" opened={opened} onChange={setOpened}>
      <Popover.Target>
        <button
          type="button"
          className={classes.note}
          aria-label={t('bible.footnote', { where })}
          onClick={(e) => {
            // The note opens; the verse around it is not selected by the same tap.
            e.stopPropagation();
            setOpened((o) => !o);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpened(false);
          }}
        >
          {caller}
        </button>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('bible.footnote', { where })}>
        <Text size="sm">
          <Text span fw={700}>
            {where}
          </Text>{' '}
          {note.text}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
