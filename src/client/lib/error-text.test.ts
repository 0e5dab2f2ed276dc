import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { errorMessage, reasonText } from './error-text.ts';

const answer = (status: number, body: unknown) => new ApiError(status, 'Status', JSON.stringify(body));

describe('errorMessage', () => {
  it('shows the catalog’s text for the code, filled with the params, whatever the server’s words', () => {
    expect(errorMessage(answer(401, { code: 'auth.invalid_credentials', message: 'Something else' }), 'Failed')).toBe('Invalid username or password');
    expect(errorMessage(answer(404, { code: 'photos.id_not_found', message: 'x', params: { id: 999 } }), 'Failed')).toBe('Photo 999 not found');
    expect(errorMessage(answer(409, { code: 'galleries.pick_cap_one', message: 'x', params: { cap: 1 } }), 'Failed')).toBe('You can pick at most 1 photo');
  });

  it('shows the server’s message for a code it does not know, for invalid input, and for a framework refusal', () => {
    expect(errorMessage(answer(409, { code: 'photos.newer_thing', message: 'A newer server’s words' }), 'Failed')).toBe('A newer server’s words');
    expect(errorMessage(answer(400, { message: 'An older server’s words' }), 'Failed')).toBe('An older server’s words');
    const invalid = { code: 'request.invalid', message: 'Title is required', issues: [{ path: 'title', message: 'Title is required' }] };
    expect(errorMessage(answer(400, invalid), 'Failed')).toBe('Title is required');
    expect(errorMessage(answer(400, { code: 'request.failed', message: 'Framework words' }), 'Failed')).toBe('Framework words');
  });

  it('falls back to the caller’s text without an error body of the API', () => {
    expect(errorMessage(new ApiError(502, 'Bad Gateway', '<html>proxy</html>'), 'Failed to save')).toBe('Failed to save');
    expect(errorMessage(new Error('network'), 'Failed to save')).toBe('Failed to save');
    // Params that are not the API's (an object, a list) fill no text: the server's sentence stands.
    expect(errorMessage(answer(404, { code: 'photos.id_not_found', message: 'Photo 7 not found', params: { id: { no: 1 } } }), 'Failed')).toBe('Photo 7 not found');
  });
});

describe('reasonText', () => {
  it('words a refused file’s reason by its code, and keeps the server’s reason without one', () => {
    expect(reasonText({ reason: 'Server words', code: 'images.wrong_format', params: { formats: 'JPEG or PNG' } })).toBe('Not a JPEG or PNG image');
    expect(reasonText({ reason: 'Server words', code: 'images.newer_reason' })).toBe('Server words');
    expect(reasonText({ reason: 'Server words' })).toBe('Server words');
  });
});
