/**
 * The one FileReader of the console: a chosen file as a `data:` URL (base64), the form images
 * and sheets are sent and previewed as (admin-area §2 logos, organiser-console §3 logo, template
 * images, user import). Rejects with the reader's error, or "The file could not be read.".
 */
export const readDataUrl = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('The file could not be read.'));
    r.readAsDataURL(file);
  });
