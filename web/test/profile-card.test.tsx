/** The profile card of search and swipe: a photo edge to edge, or a drawn placeholder where there is none. */
import type { ProfileCard as Profile } from '@amora/common';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProfileCard, ProfileGrid } from '../src/shared/components/ProfileCard';
import { buildSettings } from './fixtures';
import { renderScreen } from './render';

const profile = (id: number, name: string, withPhoto: boolean): Profile => ({
  id,
  name,
  age: 31,
  city: 'Utrecht',
  country: 'NL',
  hosted: false,
  main_image: withPhoto
    ? {
        id,
        filename: `${id}.webp`,
        thumb_filename: `${id}-t.webp`,
        public: true,
        status: 'active',
        width: 400,
        height: 500,
      }
    : null,
});

describe('ProfileCard', () => {
  it('shows a card without a photo as a drawn bust with the initial of the name, not an empty block', () => {
    renderScreen(<ProfileGrid profiles={[profile(1, 'Anouk', true), profile(2, 'élodie', false)]} label="Results" />, {
      settings: buildSettings(),
    });
    const [withPhoto, without] = within(screen.getByRole('list', { name: 'Results' })).getAllByRole('article');
    expect(withPhoto?.querySelector('img.profile-card-photo')).not.toBeNull();
    expect(withPhoto?.querySelector('.profile-photo-empty')).toBeNull();

    const placeholder = without?.querySelector('.profile-photo-empty');
    expect(without?.querySelector('img')).toBeNull();
    expect(placeholder?.querySelector('svg.profile-photo-bust circle')).not.toBeNull();
    expect(placeholder?.querySelector('text')?.textContent).toBe('É');
    // The name stays written on the card, over the placeholder as over a photo.
    expect(within(without as HTMLElement).getByRole('link', { name: 'élodie, 31' })).toBeTruthy();
  });

  it('draws the same placeholder on the swipe deck', () => {
    renderScreen(<ProfileCard profile={profile(3, ' Zoë', false)} size="deck" />, { settings: buildSettings() });
    const card = screen.getByRole('article');
    expect(card.classList.contains('profile-card-deck')).toBe(true);
    expect(card.querySelector('.profile-photo-empty text')?.textContent).toBe('Z');
  });
});
