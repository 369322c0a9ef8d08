import { useCallback, useState } from 'react';
import { getStoredUser } from '../../lib/session';
import type { CommentTarget } from './api/list-comments';

const PREFIX = 'comment_draft';

/**
 * Where a thread's unsent comment is kept on this device: per person (someone else signing in here
 * does not see it) and per thread. Null when nobody is known to be signed in.
 */
function draftKey(target: CommentTarget): string | null {
  const userId = getStoredUser()?.id;
  return userId ? `${PREFIX}:${userId}:${target.objectType}:${target.objectId}` : null;
}

function read(key: string | null): string {
  if (!key) return '';
  try {
    return localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function write(key: string | null, text: string): void {
  if (!key) return;
  try {
    if (text.trim()) localStorage.setItem(key, text);
    else localStorage.removeItem(key);
  } catch {
    // Storage full or refused (private mode): the draft lives on in the page only.
  }
}

/**
 * The text of a comment being written, kept in localStorage until it is posted: a session that ends
 * (in another tab, or on its own) or a reload does not lose it. `clear` forgets it once posted.
 */
export function useCommentDraft(target: CommentTarget) {
  const [key] = useState(() => draftKey(target));
  const [text, setText] = useState(() => read(key));
  const change = useCallback(
    (next: string) => {
      setText(next);
      write(key, next);
    },
    [key],
  );
  const clear = useCallback(() => change(''), [change]);
  return [text, change, clear] as const;
}
