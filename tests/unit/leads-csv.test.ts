import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { CSV_BOM, csvField, csvFile, maskedMobile } from '~/server/leads/leads-csv.rules';

/** An RFC 4180 reader, as a spreadsheet program reads the file (BOM dropped, CRLF records). */
function readCsv(text: string): string[][] {
  expect(text.startsWith(CSV_BOM)).toBe(true);
  const body = text.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  expect(field).toBe('');
  expect(row).toEqual([]);
  return rows;
}

describe('a CSV field', () => {
  test('plain text and Chinese stay as they are', () => {
    expect(csvField('张三')).toBe('张三');
    expect(csvField('13800001111')).toBe('13800001111');
  });

  test('a value that is not there (null or undefined) is an empty field; 0 is written', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(0)).toBe('0');
    expect(csvFile(['姓名', '备注', '分数'], [['张三', undefined, null]])).toBe('\uFEFF姓名,备注,分数\r\n张三,,\r\n');
  });

  test('a comma, a quote, CR or LF makes it quoted, quotes doubled', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('说"好"')).toBe('"说""好"""');
    expect(csvField('第一行\n第二行')).toBe('"第一行\n第二行"');
    expect(csvField('x\r\ny')).toBe('"x\r\ny"');
  });

  test.each(['=1+1', '+86 138', '-2', '@SUM(A1)', '\tcmd', '\r=1'])('a field starting like a formula (%j) gets a leading apostrophe', (v) => {
    expect(csvField(v).replace(/^"/, '').startsWith(`'${v[0]}`)).toBe(true);
  });

  test('=HYPERLINK with a comma is guarded and quoted', () => {
    expect(csvField('=HYPERLINK("http://x","点我")')).toBe(`"'=HYPERLINK(""http://x"",""点我"")"`);
  });
});

describe('the CSV file', () => {
  test('BOM, header, CRLF after every record', () => {
    expect(csvFile(['姓名', '手机号'], [['张三', '13800001111']])).toBe('\uFEFF姓名,手机号\r\n张三,13800001111\r\n');
  });

  test('property: a reader gets every field back (guarded ones with their apostrophe), in rows and columns as written', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', '张', ',', '"', '\r', '\n', '=', '+', '-', '@', ' ', '\t', "'"), maxLength: 8 });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 3, maxLength: 3 }), { maxLength: 5 }), (rows) => {
        const back = readCsv(csvFile(['甲', '乙', '丙'], rows));
        expect(back[0]).toEqual(['甲', '乙', '丙']);
        expect(back.slice(1)).toEqual(rows.map((r) => r.map((v) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v))));
      }),
    );
  });
});

describe("a lead's mobile in the audit log", () => {
  test('first three and last four digits', () => {
    expect(maskedMobile('13912345678')).toBe('139****5678');
    expect(maskedMobile('1391234')).toBe('*******');
    // Eight characters are the shortest that show their ends.
    expect(maskedMobile('13912345')).toBe('139****2345');
  });
});

describe('the name a download is saved under', () => {
  test('the UTF-8 name first, else the plain one, else the fallback', async () => {
    const { fileNameOf } = await import('~/lib/api/staff-client');
    expect(fileNameOf(`attachment; filename="leads-20261125.csv"; filename*=UTF-8''${encodeURIComponent('咨询线索-20261125.csv')}`, 'x.csv')).toBe(
      '咨询线索-20261125.csv',
    );
    expect(fileNameOf('attachment; filename="leads-20261125.csv"', 'x.csv')).toBe('leads-20261125.csv');
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4%A", 'x.csv')).toBe('x.csv');
    expect(fileNameOf(null, 'x.csv')).toBe('x.csv');
  });
});
