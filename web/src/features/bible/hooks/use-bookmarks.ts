import { useCallback, useEffect, useState } from 'react';
import {
  addBookmark,
  BOOKMARKS_STORAGE_KEY,
  isBookmarked,
  parseStoredBookmarks,
  removeBookmark,
  type Bookmark,
} from '@church/contract/bible/bookmarks';
import { translate } from '../../../lib/i18n/use-t';
import { notify } from '../../../lib/notify';

type VerseRef = { reference: string; version: string; text: string };

const read = () => parseStoredBookmarks(typeof localStorage === 'undefined' ? null : localStorage.getItem(BOOKMARKS_STORAGE_KEY));

/** Spec 000 §3: bookmarks live only on this device under 'bibleBookmarks', newest first, one per reference + version. */
export function useBookmarks() {
  const [bookmarks, setBookmarks] = useState<Bookmark[]>(read);

  // Another tab changed them: follow along.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === BOOKMARKS_STORAGE_KEY) setBookmarks(read());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const save = (list: Bookmark[]) => {
    localStorage.setItem(BOOKMARKS_STORAGE_KEY, JSON.stringify(list));
    setBookmarks(list);
  };

  const toggle = useCallback((verse: VerseRef) => {
    const current = read();
    if (isBookmarked(current, verse)) {
      save(removeBookmark(current, verse));
      notify.success(translate('bible.bookmarkRemoved'));
      return;
    }
    const result = addBookmark(current, verse);
    if (result.ok) {
      save(result.bookmarks);
      notify.success(translate('bible.bookmarked'));
    }
  }, []);

  const remove = useCallback((verse: Pick<Bookmark, 'reference' | 'version'>) => {
    save(removeBookmark(read(), verse));
    notify.success(translate('bible.bookmarkRemoved'));
  }, []);

  const has = useCallback((verse: Pick<Bookmark, 'reference' | 'version'>) => isBookmarked(bookmarks, verse), [bookmarks]);

  return { bookmarks, toggle, remove, has };
}
