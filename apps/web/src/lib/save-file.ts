/**
 * Hands a downloaded file to the browser's own download, under `filename`: an object URL behind a
 * temporary link with the download attribute.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL only after the click has returned: release it a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
