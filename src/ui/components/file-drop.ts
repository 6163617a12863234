/**
 * Drag-and-drop of files onto a panel (tools.md §7.6–7.7: Resources and Fonts take several files
 * at once). Only drags that carry files are accepted, so dragging text or a chapter row over the
 * panel neither highlights it nor drops anything.
 */
export interface FileDropHandlers {
  onDragOver: (e: DragEvent) => void;
  onDragLeave: () => void;
  onDrop: (e: DragEvent) => void;
}

export function fileDropHandlers(setDragging: (on: boolean) => void, onFiles: (files: File[]) => void): FileDropHandlers {
  return {
    onDragOver: (e) => {
      if (!e.dataTransfer?.types.includes('Files')) return;
      e.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (e) => {
      e.preventDefault();
      setDragging(false);
      onFiles([...(e.dataTransfer?.files ?? [])]);
    },
  };
}
