// Progressive enhancement of the account area: every form works without this file.
'use strict';
document.addEventListener('click', async (e) => {
  const button = e.target.closest('[data-copy]');
  if (!button) return;
  const source = document.querySelector(button.dataset.copy);
  const text = source.href || source.textContent;
  try {
    await navigator.clipboard.writeText(text.trim());
    const label = button.textContent;
    button.textContent = 'Copied';
    setTimeout(() => (button.textContent = label), 1500);
  } catch {
    // No clipboard permission: select the text so the person can copy it.
    getSelection().selectAllChildren(source);
  }
});

document.addEventListener('submit', (e) => {
  const message = e.target.dataset.confirm;
  if (message && !confirm(message)) e.preventDefault();
});

// Charts: a canvas with data-chart="<name>" and a JSON island with id "<name>-data".
document.addEventListener('DOMContentLoaded', () => {
  const canvases = document.querySelectorAll('canvas[data-chart]');
  if (!canvases.length || !window.Chart) return;
  const dark = matchMedia('(prefers-color-scheme: dark)').matches;
  const color = dark ? '#7aa2ff' : '#0b57d0';
  for (const canvas of canvases) {
    const data = JSON.parse(document.getElementById(`${canvas.dataset.chart}-data`).textContent);
    new window.Chart(canvas, {
      type: 'bar',
      data: {
        labels: data.labels,
        datasets: [{ label: data.label, data: data.values, backgroundColor: color }],
      },
      options: {
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: false } },
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    });
  }
});
