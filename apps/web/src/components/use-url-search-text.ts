import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's search box whose text lives in the URL (`?name=…`), so that a filtered list can be shared.
 * The box follows every key at once; the URL follows when typing pauses, replacing its entry (Back
 * does not step through each letter) and starting the list again at page 1. A change of the URL from
 * elsewhere (Back, a link, a filter cleared) shows in the box.
 */
export function useUrlSearchText(key = 'name', delayMs = 300) {
  const [params, setParams] = useSearchParams();
  const inUrl = params.get(key) ?? '';
  const [text, setText] = useState(inUrl);
  const [seen, setSeen] = useState(inUrl);
  // The value this box last wrote to the URL: when it lands there, the person may have typed on meanwhile
  // (a slow machine), and the box must keep what they typed rather than go back to it.
  const [written, setWritten] = useState<string | null>(null);
  if (inUrl !== seen) {
    setSeen(inUrl);
    if (inUrl !== written && inUrl !== text.trim()) setText(inUrl);
    if (written !== null) setWritten(null);
  }

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A pending write must not land on the next screen after this one has gone.
  useEffect(() => {
    const pending = timer;
    return () => clearTimeout(pending.current);
  }, []);

  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setWritten(next.trim());
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          const value = next.trim();
          if (value) updated.set(key, value);
          else updated.delete(key);
          updated.delete('page');
          return updated;
        },
        { replace: true },
      );
    }, delayMs);
  };

  return { text, setText: change, value: inUrl };
}
