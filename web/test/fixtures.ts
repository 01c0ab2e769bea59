/** Answers as the server gives them: the site's settings, a member, a staff account, likes. */
import type { LikesResponse, OwnProfile, Settings, StaffAccount, User } from '@amora/common';

export function buildSettings(overrides: Partial<Settings> = {}): Settings {
  return {
    name: 'Amora Test',
    domain: 'amora.test',
    domain_language: 'en',
    index_title: 'Amora',
    description: 'Dating',
    countries: ['NL', 'BE'],
    geoip_country: 'NL',
    geoip_selected_country: 'NL',
    niche: 1,
    signups: 'all',
    logged_out_search: true,
    logged_out_search_trafficsource: false,
    enable_site_entry_popup: false,
    push_public_key: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    cdn_prefix: '/media',
    support_phone: '+31 20 000 0000',
    support_email: 'support@amora.test',
    minimum_message_costs: {},
    message_credits: 10,
    photo_credits: 20,
    gift_credits: 15,
    signup_credits: 0,
    message_length: 1000,
    free_messages: 3,
    visible_profile_fields: ['hair_colour'],
    visible_profile_notes: false,
    search_fields: ['gender', 'country', 'min_age', 'max_age'],
    fictional_warning: '',
    fictional_singular: 'hosted profile',
    fictional_plural: 'hosted profiles',
    fictional_icon: '*',
    refund_days: 14,
    member_resell: false,
    refund_debt: false,
    operator_two_step: 'optional',
    photo_moderation: false,
    time_zone: 'Europe/Amsterdam',
    company_id: 1,
    mail_name: 'Amora',
    locales: ['en', 'nl'],
    terms_version_date: '2026-01-15',
    ...overrides,
  };
}

export function buildProfile(overrides: Partial<OwnProfile> = {}): OwnProfile {
  return {
    id: 41,
    name: 'Anna',
    age: 30,
    date_of_birth: '1996-05-04',
    status: 'active',
    main_image: null,
    photos: [],
    interests: [],
    about: '',
    invisible: false,
    signup_step: 'done',
    gender: 'female',
    sexuality: null,
    hair_colour: null,
    eye_colour: null,
    body_type: null,
    relationship_status: null,
    tattoos: null,
    country: 'NL',
    region: null,
    city: null,
    ...overrides,
  };
}

export function buildUser(overrides: Partial<User> = {}, profile: Partial<OwnProfile> = {}): User {
  return {
    id: 7,
    email: 'anna@example.com',
    status: 'confirmed',
    credits: 0,
    free_messages: 3,
    message_prices: { text: 10, gift: 15, photo: 20 },
    paid_user: false,
    signup_date: '2026-01-20T10:00:00Z',
    language: 'en',
    notifications_disabled: [],
    pending_email: null,
    fictional_icon: '*',
    profile: buildProfile(profile),
    ...overrides,
  };
}

export function buildStaff(overrides: Partial<StaffAccount> = {}): StaffAccount {
  return {
    id: 1,
    name: 'Admin Ada',
    email: 'ada@amora.test',
    role: 'admin',
    two_step: true,
    capacity: 5,
    away: false,
    language: 'en',
    invitation_until: null,
    locked_until: null,
    disabled: false,
    created_at: '2026-01-02T09:00:00Z',
    ...overrides,
  };
}

/** GET /api/likes.php for a member without likes; `overrides` fills in what a test needs. */
export function buildLikes(overrides: Partial<LikesResponse> = {}): LikesResponse {
  return {
    profiles: [],
    liked_by: [],
    counts: { received: 0, given: 0, matches: 0, new_likes: 0 },
    new_matches: [],
    ...overrides,
  };
}
