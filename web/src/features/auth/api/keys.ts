// The profile's query key and path, apart from get-profile.ts: the sign-in page fills the
// query with them without loading the profile's schema (and zod) with the page.
export const profileQueryKey = ['profile'] as const;
export const profilePath = '/v1/web/user/profile';
