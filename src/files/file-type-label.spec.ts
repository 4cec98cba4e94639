import { typeLabelOf } from './file-type-label';

describe('typeLabelOf', () => {
  it.each([
    ['image/png', 'PNG image'],
    ['image/jpeg', 'JPEG image'],
    ['video/mp4', 'MP4 video'],
    ['audio/ogg; codecs=opus', 'OGG audio'],
    ['application/pdf', 'PDF document'],
    ['application/octet-stream', 'File'],
    ['application/vnd.ms-excel', 'Excel spreadsheet'],
    ['application/x-bzip2', 'BZIP2 file'],
    ['text/x-python', 'Text file'],
    ['nonsense', 'File'],
  ])('should call %s "%s"', (mime, label) => {
    expect(typeLabelOf(mime)).toBe(label);
  });
});
