// Build-time settings the web app reads (all optional).
interface ImportMetaEnv {
  /** The key the login and refresh forms send; the server's API_KEY. */
  readonly VITE_API_KEY?: string;
  /** Where the API lives when it is not the origin that serves the web app. */
  readonly VITE_API_BASE_URL?: string;
}
