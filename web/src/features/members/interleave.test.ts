import { describe, expect, it } from 'vitest';
import { interleave } from './interleave';

describe('interleave', () => {
  it('puts one of the member’s words after each photo', () => {
    expect(interleave(['photo 1', 'photo 2', 'photo 3'], ['about', 'details', 'interests'])).toEqual([
      'photo 1',
      'about',
      'photo 2',
      'details',
      'photo 3',
      'interests',
    ]);
  });

  it('shows the photos left over one after another at the end', () => {
    expect(interleave(['photo 1', 'photo 2', 'photo 3'], ['about'])).toEqual([
      'photo 1',
      'about',
      'photo 2',
      'photo 3',
    ]);
  });

  it('shows the words left over after the last photo', () => {
    expect(interleave(['photo 1'], ['about', 'interests'])).toEqual(['photo 1', 'about', 'interests']);
  });
});
