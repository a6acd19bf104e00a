import { describe, expect, it } from 'vitest';
import { fileViewOf, isSafeLink } from './file-view';

describe('how a file from outside Rakit is shown', () => {
  const view = (mimetype: string, filename = 'file') => fileViewOf({ mimetype, filename });

  it('shows html only in a sandboxed frame, whether its type or its name says html', () => {
    expect(view('text/html', 'x.html')).toEqual({ kind: 'sandboxed', type: 'text/html' });
    expect(view('Text/HTML; charset=ISO-8859-1')).toEqual({ kind: 'sandboxed', type: 'text/html;charset=ISO-8859-1' });
    expect(view('application/xhtml+xml', 'a')).toEqual({ kind: 'sandboxed', type: 'text/html' });
    expect(view('application/octet-stream', 'laporan.HTM')).toEqual({ kind: 'sandboxed', type: 'text/html' });
    expect(view('image/png', 'pretends.html').kind).toBe('sandboxed');
    // Only the charset's name is kept: nothing else the author wrote reaches the blob's type.
    expect(view('text/html; charset="utf-8;x=y"')).toEqual({ kind: 'sandboxed', type: 'text/html;charset=utf-8' });
    expect(view('text/html; charset=a b')).toEqual({ kind: 'sandboxed', type: 'text/html' });
  });

  it('opens PDFs, pictures other than svg and plain text as they are, with a clean type', () => {
    expect(view('application/pdf', 'a.pdf')).toEqual({ kind: 'inline', type: 'application/pdf' });
    expect(view('IMAGE/PNG ; name=x', 'a.png')).toEqual({ kind: 'inline', type: 'image/png' });
    expect(view('image/jpeg')).toEqual({ kind: 'inline', type: 'image/jpeg' });
    expect(view('text/plain; charset=utf-8', 'catatan.txt')).toEqual({ kind: 'inline', type: 'text/plain;charset=utf-8' });
  });

  it('downloads everything that could script or that it does not know', () => {
    for (const type of ['image/svg+xml', 'text/xml', 'application/xml', 'application/javascript', 'text/javascript', 'application/json',
      'text/css', 'multipart/x-mixed-replace', 'application/octet-stream', 'application/x-shockwave-flash', 'text/vtt', '', 'text/html-sandboxed',
      'application/pdf, text/html', 'text/plainx']) {
      expect(view(type, 'file.bin'), type).toEqual({ kind: 'download' });
    }
    expect(view('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'tabel.xlsx')).toEqual({ kind: 'download' });
  });
});

describe('an author\'s link', () => {
  it('opens web, mail and phone addresses and Rakit\'s own paths', () => {
    for (const link of ['https://example.com/a?b=1', 'http://intranet/x', ' mailto:a@b.c', 'tel:+62812', '/demo/staff/other', 'other-page', '//cdn.example/x', 'page?x=a:b']) {
      expect(isSafeLink(link), link).toBe(true);
    }
  });

  it('refuses anything that runs or shows the author\'s content in Rakit\'s origin', () => {
    for (const link of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>x</script>', 'blob:https://rakit.example/1',
      '\u0001javascript:alert(1)', 'java\nscript:x', 'vbscript:x', 'file:///etc/passwd', '', '  ']) {
      expect(isSafeLink(link), link).toBe(false);
    }
  });
});
