import { describe, expect, it } from 'vitest';
import { uploadPath } from './image-urls.ts';
import { files, pathTo } from './routes.ts';

describe('uploadPath', () => {
  // image-urls.ts writes the prefix itself: importing routes.ts there regroups the client's
  // shared chunks and grows the visitor's first load.
  it('builds the files.upload route with a version', () => {
    expect(uploadPath('a b.jpg', 3)).toBe(`${pathTo(files.upload, { filename: 'a b.jpg' })}?v=3`);
  });
});
