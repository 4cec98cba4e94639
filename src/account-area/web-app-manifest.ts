/**
 * The web app manifest: installable from the account area, opening on it, and a share target
 * (a phone's share sheet posts a link, a text or a file to `/account/share`).
 */
export const MANIFEST = JSON.stringify({
  name: 'Linkdrop',
  short_name: 'Linkdrop',
  description: 'Short links, texts and files',
  id: '/account',
  start_url: '/account',
  scope: '/',
  display: 'standalone',
  background_color: '#ffffff',
  theme_color: '#0b57d0',
  icons: [
    { src: '/assets/icon.svg', sizes: 'any', type: 'image/svg+xml' },
    { src: '/assets/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/assets/icon-512.png', sizes: '512x512', type: 'image/png' },
    {
      src: '/assets/icon-maskable-512.png',
      sizes: '512x512',
      type: 'image/png',
      purpose: 'maskable',
    },
  ],
  share_target: {
    action: '/account/share',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: {
      title: 'title',
      text: 'text',
      url: 'url',
      files: [{ name: 'file', accept: ['*/*'] }],
    },
  },
});
