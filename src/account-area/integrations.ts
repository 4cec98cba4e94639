import { tk } from '../i18n/i18n';
/** A ready-made configuration of a tool, filled in with this server and a token. */
export interface Integration {
  key: string;
  name: string;
  how: string;
  /** The text to copy (or to save as `file`). */
  text: string;
  file?: string;
}

const json = (v: unknown) => JSON.stringify(v, null, 2);

/** ShareX custom uploaders (`.sxcu`), PicGo / PicList, uPic, a bookmarklet and curl. */
export function integrations(base: string, token: string): Integration[] {
  const api = `${base}/api/v1`;
  const sharex = (name: string, type: string, extra: Record<string, unknown>) =>
    json({
      Version: '16.0.0',
      Name: `Linkdrop ${name}`,
      DestinationType: type,
      RequestMethod: 'POST',
      Headers: { Authorization: token },
      ErrorMessage: '{json:message}',
      ...extra,
    });
  const upload = {
    RequestURL: `${api}/file/upload`,
    Body: 'MultipartFormData',
    FileFormName: 'file',
  };
  return [
    {
      key: 'sharex-images',
      name: tk('ShareX: images'),
      how: tk(
        'Save the file and open it: ShareX adds the uploader (Destinations → Custom uploader).',
      ),
      file: 'linkdrop-images.sxcu',
      text: sharex('images', 'ImageUploader', {
        ...upload,
        URL: '{json:data.url}',
        ThumbnailURL: '{json:data.thumb_url}',
        DeletionURL: '{json:data.delete}',
      }),
    },
    {
      key: 'sharex-files',
      name: tk('ShareX: files'),
      how: tk('Files of any kind; the link is the share page.'),
      file: 'linkdrop-files.sxcu',
      text: sharex('files', 'FileUploader', {
        ...upload,
        URL: '{json:data.page}',
        DeletionURL: '{json:data.delete}',
      }),
    },
    {
      key: 'sharex-text',
      name: tk('ShareX: text'),
      how: tk('Text from the clipboard becomes a text share.'),
      file: 'linkdrop-text.sxcu',
      text: sharex('text', 'TextUploader', {
        RequestURL: `${api}/text`,
        Body: 'JSON',
        Data: '{"content":"{input}"}',
        URL: '{json:data.short_url}',
      }),
    },
    {
      key: 'sharex-links',
      name: tk('ShareX: URL shortener'),
      how: tk('Shortens the URL ShareX gives it.'),
      file: 'linkdrop-links.sxcu',
      text: sharex('links', 'URLShortener', {
        RequestURL: `${api}/shorten`,
        Body: 'JSON',
        Data: '{"target_url":"{input}"}',
        URL: '{json:data.short_url}',
      }),
    },
    {
      key: 'picgo',
      name: tk('PicGo / PicList (SM.MS)'),
      how: tk(
        'In the SM.MS image host settings: this token, and this server as the backup domain (PicList: “backupDomain”).',
      ),
      text: json({
        picBed: { current: 'smms', smms: { token, backupDomain: new URL(base).host } },
      }),
    },
    {
      key: 'upic',
      name: tk('uPic'),
      how: tk('Host settings → Custom: these values.'),
      text: json({
        url: `${api}/file/upload`,
        method: 'POST',
        field: 'file',
        headers: [{ key: 'Authorization', value: token }],
        resultPath: ['data', 'url'],
      }),
    },
    {
      key: 'bookmarklet',
      name: tk('Bookmarklet'),
      how: tk('Make a bookmark with this as its address; on any page it shortens that page.'),
      text: `javascript:location.href='${api}/shorten?signature=${encodeURIComponent(token)}&url='+encodeURIComponent(location.href)`,
    },
    {
      key: 'curl',
      name: tk('curl'),
      how: tk('From a terminal.'),
      text: [
        `curl -H 'Authorization: ${token}' -H 'Content-Type: application/json' \\`,
        `  -d '{"target_url":"https://example.com/"}' ${api}/shorten`,
        `curl -H 'Authorization: ${token}' -F file=@picture.png ${api}/file/upload`,
      ].join('\n'),
    },
  ];
}
