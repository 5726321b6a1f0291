// Runtime settings of the console, read before the app starts (DESIGN.md §1).
// Edit this file where the console is hosted to point it at another API; no rebuild needed.
window.APP_CONFIG = {
  // Base URL of the main API, ending in a slash.
  apiBaseUrl: '/api/',
  // Photo-recognition (image console) API, reached through the server with the user's session.
  // No token belongs here: the service's static token stays on the server (RECOGNITION_TOKEN).
  recognitionBaseUrl: '/recognition/',
  // Public client app: template links are {clientAppUrl}/login?event_name=..&campaign_name=..
  clientAppUrl: 'https://app.example.com',
  // Campaign addresses are {subdomain}.{clientAppHost}
  clientAppHost: 'example.app',
};
