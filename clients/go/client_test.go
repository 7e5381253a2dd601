// The Go client against a real server (clients/testserver.py: the app under waitress on
// loopback, fresh SQLite database): the calls a first program makes. Run: go test ./...

package apiclient_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"apiclient"
)

const password = "correct horse battery staple 42"

var (
	baseURL   string
	ctx       = context.Background()
	addresses int64
)

// TestMain starts the server once: clients/testserver.py with API_PYTHON, else the
// repository's .venv, else python3 from PATH. It ends when its stdin (held here) closes.
func TestMain(m *testing.M) {
	python := os.Getenv("API_PYTHON")
	if python == "" {
		python = "python3"
		if _, err := os.Stat("../../.venv/bin/python"); err == nil {
			python, _ = filepath.Abs("../../.venv/bin/python")
		}
	}
	server := exec.Command(python, "../testserver.py")
	server.Stderr = os.Stderr
	stdin, _ := server.StdinPipe()
	stdout, _ := server.StdoutPipe()
	if err := server.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "cannot start the test server:", err)
		os.Exit(1)
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	baseURL = strings.TrimSpace(line)
	if err != nil || !strings.HasPrefix(baseURL, "http://127.0.0.1:") {
		fmt.Fprintf(os.Stderr, "the test server did not start: %q %v\n", line, err)
		os.Exit(1)
	}
	code := m.Run()
	stdin.Close()
	_ = server.Wait()
	os.Exit(code)
}

// signedUp signs up a new account and returns its address and a client carrying its token.
func signedUp(t *testing.T) (string, *apiclient.APIClient) {
	t.Helper()
	email := fmt.Sprintf("go-%d@example.com", atomic.AddInt64(&addresses, 1))
	result, err := apiclient.Do(apiclient.New(baseURL, "").AuthAPI.SignUp(ctx).
		SignUp(*apiclient.NewSignUp(email, password)).Execute())
	if err != nil {
		t.Fatalf("sign-up: %v", err)
	}
	return email, apiclient.New(baseURL, result.GetSession().Token)
}

// apiError is the *APIError inside err (the test fails when there is none).
func apiError(t *testing.T, err error) *apiclient.APIError {
	t.Helper()
	var answer *apiclient.APIError
	if !errors.As(err, &answer) {
		t.Fatalf("expected an *APIError, got %v", err)
	}
	return answer
}

func TestSignUpThenReadTheSession(t *testing.T) {
	email, client := signedUp(t)

	result, err := apiclient.Do(client.AuthAPI.GetSession(ctx).Execute())

	if err != nil {
		t.Fatal(err)
	}
	if result.User.Email != email || result.User.EmailVerified {
		t.Errorf("user = %+v", result.User)
	}
	if result.GetSession().ExpiresAt.IsZero() {
		t.Errorf("session = %+v", result.GetSession())
	}
}

func TestATakenAddressIsATyped409(t *testing.T) {
	email, _ := signedUp(t)

	_, err := apiclient.Do(apiclient.New(baseURL, "").AuthAPI.SignUp(ctx).
		SignUp(*apiclient.NewSignUp(email, password)).Execute())

	// The auth envelope {error: CODE, message}: the code is in Err and Code.
	answer := apiError(t, err)
	if answer.Status != 409 || answer.Code != "USER_ALREADY_EXISTS" ||
		answer.Err != "USER_ALREADY_EXISTS" || answer.Message == "" {
		t.Errorf("answer = %+v", answer)
	}
}

func TestAValidationErrorNamesTheField(t *testing.T) {
	_, err := apiclient.Do(apiclient.New(baseURL, "").AuthAPI.SignUp(ctx).
		SignUp(*apiclient.NewSignUp("not-an-address", "x")).Execute())

	answer := apiError(t, err)
	if answer.Status != 400 || answer.Code != "VALIDATION_ERROR" || answer.Details["email"] == nil {
		t.Errorf("answer = %+v", answer)
	}
}

func TestCreateProjectsAndWalkEveryPage(t *testing.T) {
	_, client := signedUp(t)
	var names []string
	for n := 0; n < 5; n++ {
		name := fmt.Sprintf("Project %d", n)
		created, err := apiclient.Do(client.ProjectsAPI.CreateProject(ctx).
			ProjectCreate(*apiclient.NewProjectCreate(name)).Execute())
		if err != nil {
			t.Fatal(err)
		}
		if created.Data.Name != name || created.Data.GetRole() != "owner" {
			t.Errorf("created = %+v", created.Data)
		}
		names = append([]string{name}, names...) // newest first, the default sort
	}

	first, err := apiclient.Do(client.ProjectsAPI.ListProjects(ctx).Limit(2).Execute())
	if err != nil {
		t.Fatal(err)
	}
	if want := (apiclient.Meta{Total: 5, Page: 1, Limit: 2, Pages: 3}); first.Meta != want {
		t.Errorf("meta = %+v, want %+v", first.Meta, want)
	}
	projects, err := apiclient.Paginate[apiclient.Project](
		func(page int32) (*apiclient.ProjectPage, *http.Response, error) {
			return client.ProjectsAPI.ListProjects(ctx).Limit(2).Page(page).Execute()
		})
	if err != nil {
		t.Fatal(err)
	}
	var walked []string
	for _, project := range projects {
		walked = append(walked, project.Name)
	}
	// Each project once across the three pages.
	if !reflect.DeepEqual(walked, names) {
		t.Errorf("walked %v, want %v", walked, names)
	}
}

func TestADeletedProjectAnswers404InTheGeneralEnvelope(t *testing.T) {
	_, client := signedUp(t)
	created, err := apiclient.Do(client.ProjectsAPI.CreateProject(ctx).
		ProjectCreate(*apiclient.NewProjectCreate("Short-lived")).Execute())
	if err != nil {
		t.Fatal(err)
	}

	if err := apiclient.DoEmpty(client.ProjectsAPI.DeleteProject(ctx, created.Data.Id).Execute()); err != nil {
		t.Fatal(err)
	}

	_, err = apiclient.Do(client.ProjectsAPI.GetProject(ctx, created.Data.Id).Execute())
	answer := apiError(t, err)
	if answer.Status != 404 || answer.Code != "NOT_FOUND" || answer.Err != "Not Found" {
		t.Errorf("answer = %+v", answer)
	}
}

func TestWithoutATokenTheGeneralEnvelopeIsDecoded(t *testing.T) {
	_, err := apiclient.Do(apiclient.New(baseURL, "").ProjectsAPI.ListProjects(ctx).Execute())

	answer := apiError(t, err)
	if answer.Status != 401 || answer.Code != "AUTH_ERROR" || answer.Err != "Unauthorized" {
		t.Errorf("answer = %+v", answer)
	}
}

func TestSignOutEndsTheSession(t *testing.T) {
	_, client := signedUp(t)

	result, err := apiclient.Do(client.AuthAPI.SignOut(ctx).Execute())
	if err != nil || !result.Success {
		t.Fatalf("sign-out: %+v %v", result, err)
	}

	_, err = apiclient.Do(client.AuthAPI.GetSession(ctx).Execute())
	answer := apiError(t, err)
	if answer.Status != 401 || answer.Code != "INVALID_TOKEN" {
		t.Errorf("answer = %+v", answer)
	}
}
