/**
 * PDF export (issue 13): the display lists the canvas draws, written as a print-ready PDF.
 * See README.md for the phases; document.ts is the entry.
 */
export { writePdf, PdfExportCancelled, type PdfExportInput, type PdfMetadata, type PdfProgress, type PdfResult } from './document';
export { createSubsetter, type Subsetter } from './fonts/subset';
export { pdfOptionsFromConfig, type PdfPrintOptions } from './options';
export { labelRanges, labelOf } from './labels';
export { exportBookPdf, pdfFileName, type BookPdfInput, type BookPdf } from './book';
