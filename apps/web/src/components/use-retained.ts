import { useState } from 'react';

/**
 * The last non-null value: a dialog keeps showing its subject while its close animation runs after
 * the parent has already cleared it.
 */
export function useRetained<T>(value: T | null): T | null {
  const [retained, setRetained] = useState(value);
  if (value !== null && value !== retained) setRetained(value);
  return value ?? retained;
}
