module detr

go 1.22
