/** SM.MS v2's answer: `code` is a word, and failures are HTTP 200 too (its clients read them so). */
export const SMMS_ANSWER = {
  type: 'object',
  required: ['success', 'code', 'message', 'RequestId'],
  properties: {
    success: { type: 'boolean' },
    code: {
      type: 'string',
      example: 'success',
      description: 'success, or the failure: image_repeated, unauthorized, file_too_large...',
    },
    message: { type: 'string', example: 'Upload success.' },
    data: { description: 'The file record(s), the profile, or [] (delete)' },
    images: { type: 'string', description: 'image_repeated: the URL of the earlier upload' },
    RequestId: { type: 'string' },
  },
};

export const SMMS_NOTE = 'SM.MS v2 shape; failures answer HTTP 200 with success false';
