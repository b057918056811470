import { describe, expect, it } from 'vitest';
import { errorResponse, errorResponses } from './http';

describe('errorResponses', () => {
  it('maps each status to the one error shape', () => {
    expect(errorResponses(400, 401, 429)).toEqual({ 400: errorResponse, 401: errorResponse, 429: errorResponse });
  });
});
