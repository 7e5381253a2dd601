module apiclient

go 1.19
