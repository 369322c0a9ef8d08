/**
 * Copies text; false when the browser refuses (no clipboard API outside secure contexts, or no user
 * gesture left after a slow request), so the caller can show the text to copy by hand instead.
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
