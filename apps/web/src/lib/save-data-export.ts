/**
 * Saves a data download (GET /user/data-export, /admin/customers/:id/data-export; decisions
 * 0059, 0062) as `<prefix>-<date>.json`, the name the server gives it, dated by its
 * generatedAt; indented, to be read. Answers the file's name.
 */
export function saveDataExport(file: unknown, prefix: string): string {
  const made = (file as { generatedAt?: unknown }).generatedAt;
  const day = (typeof made === 'string' ? made : new Date().toISOString()).slice(0, 10);
  const name = `${prefix}-${day}.json`;
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}
