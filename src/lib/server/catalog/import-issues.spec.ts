import { describe, expect, it } from 'vitest';
import { inLocale } from '../http/testing/in-locale.ts';
import { importCsv, importJson, type ImportResult } from './exchange.ts';
import { csvSyntaxProblem } from './import-issues.ts';

const good = {
	category: 'beer',
	name: { en: 'Pils' },
	grossPrice: 4.5,
	currencyCode: 'EUR',
	vat: 19
};

const inGerman = async (work: () => ImportResult) => {
	const result = await inLocale('de', work);
	return result.ok ? [] : result.problems;
};

describe('the menu import’s problems in the staff member’s language', () => {
	it('a German JSON import says each of zod’s and the schemas’ refusals in German', async () => {
		const file = {
			products: [
				{ ...good, id: 'a', grossPrice: 1.234 },
				{ ...good, id: 'b', vat: 7.5 },
				{
					id: 'c',
					category: '',
					name: 5,
					grossPrice: 'x',
					currencyCode: 'eur',
					vat: 19,
					available: 'ja',
					position: 1.5
				},
				{ ...good, id: 'd', name: { de: 'Nur deutsch' }, description: { de: 'x'.repeat(2001) } },
				{ ...good, id: 'f' },
				{ ...good, id: 'f' },
				{
					...good,
					id: 'e',
					options: [
						{ id: 'mit leer', name: 'Größe', min: 2, max: 1, choices: [{ id: 'k', name: 'Klein' }] }
					]
				},
				{ category: 'beer', name: 'Ohne ID', grossPrice: -1, currencyCode: 'EUR', vat: 19 }
			],
			containers: { cup: { de: 5 } },
			additives: [
				{ id: 'x', name: { en: 'X' } },
				{ id: 'x', name: { en: 'X' } }
			]
		};
		expect(await inGerman(() => importJson(JSON.stringify(file)))).toEqual([
			'Produkt 1, grossPrice: zu viele Nachkommastellen',
			'Produkt 2, vat: 7.5 ist kein Mehrwertsteuersatz, den die Plattform kennt',
			'Produkt 3, category: darf nicht leer sein',
			'Produkt 3, name: muss ein Name oder Namen je Sprache sein, nicht 5',
			'Produkt 3, grossPrice: muss eine Zahl sein, nicht "x"',
			'Produkt 3, currencyCode: "eur" hat nicht die Form, die dieses Feld verlangt',
			'Produkt 3, available: muss true oder false sein, nicht "ja"',
			'Produkt 3, position: muss eine ganze Zahl sein, nicht 1.5',
			'Produkt 4, name.en: ein englischer Name ist nötig',
			'Produkt 4, description.de: höchstens 2000 Zeichen',
			'Produkt 6: ID f kommt mehrfach vor',
			'Produkt 7, options.0.id: 1 bis 40 Buchstaben, Ziffern, _ oder -',
			'Produkt 7, options.0.min: min ist größer als max',
			'Produkt 8, id: fehlt',
			'Produkt 8, grossPrice: -1 ist kleiner als 0',
			'containers.cup.de: muss ein Text sein, nicht 5',
			'additives.1.id: Zusatzstoff-ID x kommt mehrfach vor'
		]);
	});

	it('a German CSV import and a file of the wrong kind say so in German', async () => {
		const csv =
			'id,category,name_en,grossPrice,currencyCode,vat,category_name_de\r\n' +
			'a,beer,Pils,4.5,EUR,19,Bier\r\n' +
			'b,beer,Helles,zwei,EUR,19,Biere\r\n';
		expect(await inGerman(() => importCsv(csv))).toEqual([
			'Zeile 3, grossPrice: muss eine Zahl sein, nicht "zwei"',
			'Zeile 3: Kategorie beer anders benannt als in einer früheren Zeile'
		]);
		expect(await inGerman(() => importCsv('id,nmae_de\r\na,b\r\n'))).toEqual([
			'die Spalte nmae_de gehört nicht zur Speisekarte (ein Export enthält alle Spalten)'
		]);
		expect(await inGerman(() => importCsv('id,name_en\r\n"a,b\r\n'))).toEqual([
			'Zeile 2: ein in dieser Zeile geöffnetes Anführungszeichen wird nie geschlossen'
		]);
		expect(await inGerman(() => importCsv('id,name_en\r\na,"Pils" hell\r\n'))).toEqual([
			'Zeile 2: nach einem schließenden Anführungszeichen folgt Text im selben Feld' +
				' (ein Anführungszeichen im Feld wird doppelt geschrieben: "")'
		]);
		expect(
			await inGerman(() => importCsv('id,name_en\r\na,Pils\r\n\r\nb,"Hel\r\nles",4.5\r\n'))
		).toEqual(['Zeile 3: 3 Felder, die Kopfzeile nennt aber 2 Spalten']);
		expect(await inGerman(() => importJson('{'))).toEqual(['die Datei ist kein gültiges JSON']);
		expect(await inGerman(() => importJson('{"menu": []}'))).toEqual([
			'das JSON muss eine Liste von Produkten sein oder ein Objekt mit seinen "products"'
		]);
		const tooMany = Array.from({ length: 2001 }, (_, index) => ({ ...good, id: `p${index}` }));
		expect(await inGerman(() => importJson(JSON.stringify(tooMany)))).toEqual([
			'höchstens 2000 Produkte'
		]);
	});
});

describe('a CSV file that cannot be read', () => {
	it('is the file as a whole when the parser names no line or no problem a person can mend', () => {
		expect(csvSyntaxProblem(new Error('Invalid option delimiter'))).toBe(
			'the file is not valid CSV'
		);
		expect(csvSyntaxProblem({ code: 'CSV_QUOTE_NOT_CLOSED' })).toBe('the file is not valid CSV');
		expect(csvSyntaxProblem(undefined)).toBe('the file is not valid CSV');
	});
});
