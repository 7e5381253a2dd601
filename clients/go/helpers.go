// The hand-written part of the Go client (clients/generate.sh never touches it): a client with
// the base URL and bearer token set once, error answers as *APIError values, and Paginate over
// the R1 lists. The operations are the generated methods, named by operationId, e.g.
// client.AuthAPI.SignUp(ctx).SignUp(body).Execute().

package apiclient

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// New returns a client of the API at baseURL (e.g. "http://localhost:5000"), sending token (a
// session's token) as "Authorization: Bearer" when it is not empty.
func New(baseURL, token string) *APIClient {
	cfg := NewConfiguration()
	cfg.Servers = ServerConfigurations{{URL: strings.TrimRight(baseURL, "/")}}
	cfg.UserAgent = "apiclient-go"
	if token != "" {
		cfg.AddDefaultHeader("Authorization", "Bearer "+token)
	}
	return NewAPIClient(cfg)
}

// APIError is an error answer, decoded. Outside /api/auth the body is {error, message, code}
// (error is the reason phrase, e.g. "Not Found"); under /api/auth it is {error: CODE, message},
// so Code equals Err there. Details maps fields to messages for VALIDATION_ERROR.
type APIError struct {
	Status  int                    `json:"-"`
	Err     string                 `json:"error"`
	Message string                 `json:"message"`
	Code    string                 `json:"code"`
	Details map[string]interface{} `json:"details,omitempty"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("%d %s: %s", e.Status, e.Code, e.Message)
}

// Do takes the three results of a generated Execute() and returns the value, or an *APIError
// for an error answer (other errors, e.g. a refused connection, are returned as they are):
//
//	project, err := apiclient.Do(client.ProjectsAPI.GetProject(ctx, id).Execute())
func Do[T any](value T, response *http.Response, err error) (T, error) {
	return value, check(response, err)
}

// DoEmpty is Do for the operations that answer no body (204), e.g. DeleteProject.
func DoEmpty(response *http.Response, err error) error {
	return check(response, err)
}

func check(response *http.Response, err error) error {
	var generic *GenericOpenAPIError
	if err == nil || response == nil || response.StatusCode < 400 || !errors.As(err, &generic) {
		return err
	}
	answer := &APIError{Status: response.StatusCode}
	if json.Unmarshal(generic.Body(), answer) != nil || answer.Err == "" {
		answer.Err = http.StatusText(response.StatusCode)
	}
	if answer.Message == "" {
		answer.Message = answer.Err
	}
	if answer.Code == "" {
		answer.Code = answer.Err // the auth envelope: {error: CODE, message}
	}
	return answer
}

// Page is what the generated list answers have in common (ProjectPage, ...):
// {data: [...], meta: {total, page, limit, pages}}.
type Page[T any] interface {
	GetData() []T
	GetMeta() Meta
}

// Paginate calls list with pages 1, 2, ... until meta.pages and returns every item:
//
//	projects, err := apiclient.Paginate[apiclient.Project](
//		func(page int32) (*apiclient.ProjectPage, *http.Response, error) {
//			return client.ProjectsAPI.ListProjects(ctx).Limit(50).Page(page).Execute()
//		})
//
// Error answers come back as *APIError, as with Do.
func Paginate[T any, P Page[T]](list func(page int32) (P, *http.Response, error)) ([]T, error) {
	var items []T
	for page := int32(1); ; page++ {
		answer, response, err := list(page)
		if err = check(response, err); err != nil {
			return items, err
		}
		items = append(items, answer.GetData()...)
		if page >= answer.GetMeta().Pages {
			return items, nil
		}
	}
}
