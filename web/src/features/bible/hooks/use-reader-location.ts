import { useSearchParams } from 'react-router';
import { bookById, type BibleBook } from '@church/contract/bible/books';

/** Spec 000 §4 Bible mobile flow: main → books → chapters → verses. */
export type ReaderView = 'main' | 'books' | 'chapters' | 'verses';

/**
 * The reader's level lives in the address (?view=books, ?book=JHN,
 * ?book=JHN&chapter=3), so a chapter can be shared or reloaded and the
 * phone's own back button steps up like the page's Back button.
 */
export function useReaderLocation() {
  const [params, setParams] = useSearchParams();
  const book: BibleBook | null = bookById(params.get('book') ?? '') ?? null;
  const rawChapter = Number(params.get('chapter'));
  const chapter = book && Number.isInteger(rawChapter) && rawChapter >= 1 && rawChapter <= book.chapters ? rawChapter : null;
  const view: ReaderView = book ? (chapter ? 'verses' : 'chapters') : params.get('view') === 'books' ? 'books' : 'main';

  const go = (next: Record<string, string>, replace = false) => setParams(next, { replace });
  return {
    view,
    book,
    chapter: chapter ?? 1,
    showBooks: () => go({ view: 'books' }),
    showBook: (b: BibleBook) => go({ book: b.id }),
    showChapter: (b: BibleBook, n: number, replace = false) => go({ book: b.id, chapter: String(n) }, replace),
    /** Up one level. */
    back: () => {
      if (view === 'verses' && book) go({ book: book.id });
      else if (view === 'chapters') go({ view: 'books' });
      else go({});
    },
  };
}
