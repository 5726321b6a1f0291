import { resetDom } from './setup-dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { labelTableCells } from '../../src/components/table-labels.ts';

test.after.each(() => resetDom());

test('each cell of a stacked table is labelled with its column heading; spanning state rows are not', () => {
  document.body.innerHTML = `<table class="table"><thead><tr><th>Sl.No</th><th>Name</th><th><span>Actions</span></th></tr></thead>
    <tbody><tr><td colspan="3">Loading…</td></tr><tr><td>1</td><td>Nora</td><td class="actions"><button>Edit</button></td></tr></tbody></table>`;
  labelTableCells(document);
  const cells = Array.from(document.querySelectorAll('tbody tr:last-child td'), (td) => td.getAttribute('data-label'));
  assert.equal(cells, ['Sl.No', 'Name', 'Actions']);
  assert.is(document.querySelector('td[colspan]')!.getAttribute('data-label'), null);
});

test("the Sl.No cell is marked for leaving out of a row's line and the first data cell (not the checkbox) leads it", () => {
  document.body.innerHTML = `<table class="table"><thead><tr><th class="select-cell"><input type="checkbox"></th><th>Sl.No</th><th>Name</th><th>Email</th><th>Actions</th></tr></thead>
    <tbody><tr><td class="select-cell"><input type="checkbox"></td><td>1</td><td>Nora</td><td>n@example.com</td><td class="actions"><button>Edit</button></td></tr></tbody></table>`;
  labelTableCells(document);
  assert.is(document.querySelector('td[data-serial]')!.textContent, '1');
  assert.equal(
    Array.from(document.querySelectorAll('td[data-primary]'), (td) => td.textContent),
    ['Nora'],
  );
});

test('a cell after a spanning cell takes the heading of the column it sits in', () => {
  document.body.innerHTML = `<table class="table"><thead><tr><th>A</th><th>B</th><th>C</th></tr></thead>
    <tbody><tr><td colspan="2">ab</td><td>c</td></tr></tbody></table>`;
  labelTableCells(document);
  assert.is(document.querySelectorAll('td')[1].getAttribute('data-label'), 'C');
});

test('a sortable heading labels its cells by its words, not its sort mark', () => {
  document.body.innerHTML = `<table class="table"><thead><tr><th aria-sort="none"><button>Name<span aria-hidden="true">↕</span></button></th></tr></thead>
    <tbody><tr><td>Nora</td></tr></tbody></table>`;
  labelTableCells(document);
  assert.is(document.querySelector('td')!.getAttribute('data-label'), 'Name');
});

test.run();
