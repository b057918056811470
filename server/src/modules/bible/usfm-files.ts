import fs from 'node:fs';
import path from 'node:path';

/** The .usfm / .sfm files of a folder, by name, with their text. */
export function readUsfmFolder(dir: string): Array<{ name: string; content: string }> {
  return fs
    .readdirSync(dir)
    .filter((f) => /\.(usfm|sfm)$/i.test(f))
    .sort()
    .map((name) => ({ name, content: fs.readFileSync(path.join(dir, name), 'utf8') }));
}
